import type { StaffMember, StaffRole } from '@store/contracts/admin/common';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/errors';
import { findDefaultStoreId } from '../store/store.service';
import { commandLineActor } from '../activity/activity.service';
import { addStaff, findStaffByEmail, listStaff, toStaffMember, updateStaff } from './staff.service';

/*
 * The staff commands of the operator CLI (`npm run store -- staff add|list|disable`), on the
 * default store, with the same services and rules as the back office's staff routes, logged as the
 * command line. The CLI calls these directly, or through /operator/staff when a running server
 * holds the embedded database (operator-staff.routes.ts).
 */

async function operatorStoreId(db: Db): Promise<string> {
  const id = await findDefaultStoreId(db);
  if (!id)
    throw new HttpError(
      409,
      'No store to add staff to: run npm run seed first (or mark one store as the default)',
    );
  return id;
}

export async function operatorAddStaff(
  db: Db,
  input: { email: string; password: string; role: StaffRole },
): Promise<StaffMember> {
  return addStaff(db, commandLineActor(await operatorStoreId(db)), input);
}

export async function operatorListStaff(db: Db): Promise<StaffMember[]> {
  return listStaff(db, await operatorStoreId(db));
}

/** Disables the person with this e-mail (their sessions end); the last enabled owner stays. */
export async function operatorDisableStaff(
  db: Db,
  email: string,
): Promise<{ member: StaffMember; wasDisabled: boolean }> {
  const storeId = await operatorStoreId(db);
  const row = await findStaffByEmail(db, storeId, email);
  if (!row) throw new HttpError(404, `No staff member has the e-mail ${email}`);
  if (row.disabledAt) return { member: toStaffMember(row), wasDisabled: true };
  return {
    member: await updateStaff(db, commandLineActor(storeId), row.id, { disabled: true }),
    wasDisabled: false,
  };
}
