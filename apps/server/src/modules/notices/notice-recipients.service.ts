import { and, eq, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { staff, stores } from '../../db/schema';

/** Someone the shop's own e-mails (a contact message, an owner notice) go to. */
export interface NoticeRecipient {
  /** part of each e-mail's outbox key: one e-mail per event and person, ever */
  key: string;
  email: string;
}

/**
 * Who is told of what happens in the shop: every owner who can sign in, and staff who opted in
 * (the Staff screen). A store set up without any (only from the command line, say) tells its own
 * contact address instead, so nothing is told to no one.
 */
export async function noticeRecipients(tx: DbOrTx, storeId: string): Promise<NoticeRecipient[]> {
  const people = await tx
    .select({ id: staff.id, email: staff.email })
    .from(staff)
    .where(
      and(
        eq(staff.storeId, storeId),
        or(eq(staff.role, 'owner'), eq(staff.ownerNotices, true)),
        isNull(staff.disabledAt),
      ),
    )
    .orderBy(staff.email);
  if (people.length) return people.map((p) => ({ key: `staff:${p.id}`, email: p.email }));
  const [store] = await tx
    .select({ email: stores.companyEmail })
    .from(stores)
    .where(eq(stores.id, storeId));
  return store?.email ? [{ key: 'store', email: store.email }] : [];
}
