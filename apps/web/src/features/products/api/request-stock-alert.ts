import type { StockAlertResponse } from '@store/contracts/stock-alerts';
import { apiRequest } from '@/lib/api-client';

/** The variant and, for a visitor, the e-mail: contracts' StockAlertBody without its zod. */
export interface StockAlertRequest {
  email?: string;
  size?: string;
  color?: string;
}

/**
 * POST /products/:id/stock-alerts ("Notify me"): the same 202 whether or not this e-mail had asked;
 * 409 in_stock when the variant can be bought now.
 */
export function requestStockAlert(
  productId: string,
  body: StockAlertRequest,
): Promise<StockAlertResponse> {
  return apiRequest<StockAlertResponse>(`/products/${encodeURIComponent(productId)}/stock-alerts`, {
    method: 'POST',
    body,
  });
}
