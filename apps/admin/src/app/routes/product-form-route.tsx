import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { EditProduct, NewProduct } from '@/features/products/components/product-editor';

/** /admin/products/new and /admin/products/:id */
export function ProductFormRoute() {
  const { id } = useParams();
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/products" className="text-primary underline-offset-2 hover:underline">
          ← Products
        </Link>
      </p>
      <PageHeader title={id ? 'Edit product' : 'New product'} />
      {id ? <EditProduct key={id} id={id} /> : <NewProduct />}
    </>
  );
}
