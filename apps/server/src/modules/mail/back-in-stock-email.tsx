import { Heading, Section, Text } from '@react-email/components';
import { eq } from 'drizzle-orm';
import { createElement, type ReactElement } from 'react';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema';
import { SkippedEmailError } from './cart-reminder-email';
import {
  ActionButton,
  colour,
  Layout,
  small,
  text,
  variantLabel,
  type Brand,
} from './email-templates';

export interface BackInStockEmailProps {
  brand: Brand;
  title: string;
  /** "Size A5, Blue"; empty when the product has no choices */
  variant: string;
  productUrl: string;
}

export function BackInStockEmail({ brand, title, variant, productUrl }: BackInStockEmailProps) {
  const name = variant ? `${title} (${variant})` : title;
  return (
    <Layout brand={brand} preview={`${title} is back in stock`}>
      <Heading as="h1" style={{ color: colour.foreground, fontSize: '22px', margin: '0 0 16px' }}>
        Back in stock
      </Heading>
      <Text style={text}>Hello,</Text>
      <Text style={text}>
        You asked us to tell you when {name} was back. It is in stock again at {brand.storeName}.
      </Text>
      <Section style={{ margin: '8px 0 16px' }}>
        <ActionButton href={productUrl}>View the product</ActionButton>
      </Section>
      <Text style={small}>
        Stock can sell out again before you order. We send this e-mail once; ask again on the
        product page if it sells out.
      </Text>
    </Layout>
  );
}

/**
 * The e-mail of a claimed stock alert (modules/stock-alerts): the product as it is named now. A
 * product deleted since is not written (SkippedEmailError).
 */
export async function backInStockEmail(
  db: DbOrTx,
  data: Record<string, unknown>,
  brand: Brand,
): Promise<{ element: ReactElement; subject: string }> {
  const { productId, size, color } = data;
  const [product] =
    typeof productId === 'string'
      ? await db.select({ title: products.title }).from(products).where(eq(products.id, productId))
      : [];
  if (!product) throw new SkippedEmailError('The product no longer exists');
  const variant = variantLabel(
    typeof size === 'string' ? size : '',
    typeof color === 'string' ? color : '',
  );
  return {
    element: createElement(BackInStockEmail, {
      brand,
      title: product.title,
      variant,
      productUrl: `${brand.baseUrl}/product/${encodeURIComponent(productId as string)}`,
    }),
    subject: `Back in stock: ${product.title}${variant ? ` (${variant})` : ''}`,
  };
}
