/**
 * A cart line (spec section 3). Lives in lib because the product screens build lines and the
 * cart stores them, and features do not import each other. Identity is id + size + colour.
 */
export interface CartLine {
  id: string;
  name: string;
  image: string;
  price: number;
  quantity: number;
  selectedSize?: string;
  selectedColor?: string;
}
