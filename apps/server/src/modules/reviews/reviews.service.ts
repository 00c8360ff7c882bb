import { and, count, desc, eq, sql } from 'drizzle-orm';
import type {
  AdminReviewListQuery,
  AdminReviewRow,
  ReviewModeration,
} from '@store/contracts/admin/reviews';
import { isUuid } from '@store/contracts/ids';
import { orderStatus } from '@store/contracts/order-rules';
import { REVIEW_PAGE_SIZE, reviewMessages, type ReviewStatus } from '@store/contracts/review-rules';
import type {
  CreateReviewBody,
  MyReview,
  PublicReview,
  ReviewList,
} from '@store/contracts/reviews';
import type { Db, DbOrTx } from '../../db/client';
import { orderItems, orders, products, reviews, users } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/pg-errors';
import { recordActivity, type Actor } from '../activity/activity.service';

/** "Asha K.": what shoppers see of a reviewer (never the e-mail or the whole surname). */
const authorName = (firstName: string, lastName: string) => {
  const initial = lastName.trim().charAt(0).toUpperCase();
  return initial ? `${firstName.trim()} ${initial}.` : firstName.trim();
};

type ReviewRow = typeof reviews.$inferSelect;

const publicReview = (r: ReviewRow, firstName: string, lastName: string): PublicReview => ({
  id: r.id,
  rating: r.rating,
  title: r.title,
  text: r.text,
  author: authorName(firstName, lastName),
  createdAt: r.createdAt.toISOString(),
});

/** An active product of the store, or 404 (a bad id too). */
async function activeProduct(db: DbOrTx, storeId: string, productId: string) {
  const [found] = isUuid(productId)
    ? await db
        .select({ id: products.id })
        .from(products)
        .where(
          and(eq(products.storeId, storeId), eq(products.id, productId), eq(products.active, true)),
        )
        .limit(1)
    : [];
  if (!found) throw new HttpError(404, 'Product not found');
  return found;
}

/** The shopper's latest Delivered order line of the product: what their review rests on. */
async function deliveredLine(db: DbOrTx, storeId: string, userId: string, productId: string) {
  const [line] = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.storeId, storeId),
        eq(orders.userId, userId),
        eq(orders.status, orderStatus.delivered),
        eq(orderItems.productId, productId),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return line ?? null;
}

/**
 * Write a review: only a shopper with a Delivered line of the product (403 review_not_allowed),
 * once per product (409 review_exists, the unique index deciding a double submit). It waits,
 * pending, for the shop to publish it.
 */
export async function createReview(
  db: Db,
  storeId: string,
  userId: string,
  productId: string,
  body: CreateReviewBody,
): Promise<void> {
  await activeProduct(db, storeId, productId);
  const line = await deliveredLine(db, storeId, userId, productId);
  if (!line) throw new HttpError(403, reviewMessages.notBought, undefined, 'review_not_allowed');
  try {
    await db.insert(reviews).values({
      storeId,
      productId,
      userId,
      orderItemId: line.id,
      rating: body.rating,
      title: body.title,
      text: body.text,
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw new HttpError(409, reviewMessages.alreadyReviewed, undefined, 'review_exists');
    throw err;
  }
}

/** Whether the shopper may still review the product, and the review they wrote. */
export async function myReview(
  db: Db,
  storeId: string,
  userId: string,
  productId: string,
): Promise<MyReview> {
  await activeProduct(db, storeId, productId);
  const [mine] = await db
    .select({ review: reviews, firstName: users.firstName, lastName: users.lastName })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId)))
    .limit(1);
  if (mine) {
    const { review, firstName, lastName } = mine;
    return {
      canReview: false,
      review: {
        ...publicReview(review, firstName, lastName),
        status: review.status as ReviewStatus,
      },
    };
  }
  return {
    canReview: (await deliveredLine(db, storeId, userId, productId)) !== null,
    review: null,
  };
}

/** A product's published reviews, newest first, a page at a time. */
export async function listPublishedReviews(
  db: Db,
  storeId: string,
  productId: string,
  page: number,
): Promise<ReviewList> {
  await activeProduct(db, storeId, productId);
  const where = and(eq(reviews.productId, productId), eq(reviews.status, 'published'));
  const [rows, [total]] = await Promise.all([
    db
      .select({ review: reviews, firstName: users.firstName, lastName: users.lastName })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(REVIEW_PAGE_SIZE)
      .offset((page - 1) * REVIEW_PAGE_SIZE),
    db.select({ n: count() }).from(reviews).where(where),
  ]);
  return {
    data: rows.map((r) => publicReview(r.review, r.firstName, r.lastName)),
    total: total?.n ?? 0,
    page,
    limit: REVIEW_PAGE_SIZE,
  };
}

/** The Reviews table: every review of the store, newest first, by status. */
export async function listReviews(
  db: Db,
  storeId: string,
  q: AdminReviewListQuery,
): Promise<{ data: AdminReviewRow[]; total: number; page: number; limit: number }> {
  const where = and(
    eq(reviews.storeId, storeId),
    q.status ? eq(reviews.status, q.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        review: reviews,
        productTitle: products.title,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .innerJoin(users, eq(users.id, reviews.userId))
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(reviews).where(where),
  ]);
  return {
    data: rows.map(({ review, productTitle, firstName, lastName }) => ({
      id: review.id,
      productId: review.productId,
      productTitle,
      rating: review.rating,
      title: review.title,
      text: review.text,
      customerName: `${firstName} ${lastName}`.trim(),
      createdAt: review.createdAt.toISOString(),
      status: review.status as ReviewStatus,
    })),
    total: total?.n ?? 0,
    page: q.page,
    limit: q.limit,
  };
}

/** The product's cached rating, counted again from its published reviews. */
async function refreshRating(tx: DbOrTx, productId: string) {
  await tx
    .update(products)
    .set({
      ratingCount: sql`(select count(*)::int from ${reviews} where ${reviews.productId} = ${productId} and ${reviews.status} = 'published')`,
      ratingAverage: sql`(select round(avg(${reviews.rating}), 2) from ${reviews} where ${reviews.productId} = ${productId} and ${reviews.status} = 'published')`,
    })
    .where(eq(products.id, productId));
}

const targetStatus: Record<ReviewModeration, ReviewStatus> = {
  publish: 'published',
  hide: 'hidden',
};

/**
 * Publish or hide a review, and the product's cached average and count with it in one
 * transaction (the product's row locked first, so two moderations of one product count in turn).
 * Returns the product id when something changed: its pages must be forgotten.
 */
export async function moderateReview(
  db: Db,
  actor: Actor,
  reviewId: string,
  action: ReviewModeration,
): Promise<string | null> {
  if (!isUuid(reviewId)) throw new HttpError(404, reviewMessages.notFound);
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select()
      .from(reviews)
      .where(and(eq(reviews.id, reviewId), eq(reviews.storeId, actor.storeId)))
      .limit(1);
    if (!found) throw new HttpError(404, reviewMessages.notFound);
    const status = targetStatus[action];
    if (found.status === status) return null;
    await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, found.productId))
      .for('update');
    const [changed] = await tx
      .update(reviews)
      .set({
        status,
        updatedAt: new Date(),
        ...(status === 'published' ? { publishedAt: new Date() } : {}),
      })
      .where(and(eq(reviews.id, reviewId), eq(reviews.status, found.status)))
      .returning({ id: reviews.id });
    if (!changed) return null;
    await refreshRating(tx, found.productId);
    await recordActivity(tx, actor, {
      action: action === 'publish' ? 'review.publish' : 'review.hide',
      entityType: 'review',
      entityId: reviewId,
      summary: `${action === 'publish' ? 'Published' : 'Hid'} a ${found.rating}-star review “${found.title}”`,
      before: { status: found.status },
      after: { status },
    });
    return found.productId;
  });
}
