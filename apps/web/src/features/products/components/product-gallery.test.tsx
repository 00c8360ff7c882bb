import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import type { ProductView } from '../lib/product-view';
import { ProductGallery } from './product-gallery';

const srcset = (id: string) => ({
  avif: `/media/${id}/320.avif 320w, /media/${id}/1280.avif 1280w, /media/${id}/640.avif 640w`,
  webp: `/media/${id}/320.webp 320w, /media/${id}/1280.webp 1280w, /media/${id}/640.webp 640w`,
});

const product = (overrides: Partial<ProductView> = {}): ProductView => ({
  id: 'p1',
  name: 'Linen Diary',
  description: '',
  price: 450,
  image: '/media/i1/640.webp',
  images: ['/media/i1/640.webp', '/media/i2/640.webp', '/images/shipped.svg'],
  srcsets: { '/media/i1/640.webp': srcset('i1'), '/media/i2/640.webp': srcset('i2') },
  category: 'Diaries',
  parentCategory: null,
  sizes: [],
  colors: [],
  featured: false,
  attributes: [],
  availability: { status: 'in_stock', left: null },
  variants: [],
  ...overrides,
});

describe('product gallery: images open larger', () => {
  it('opens the chosen image at its largest rendition, steps through the others and closes on Escape, focus back on the button', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ProductGallery product={product()} />);
    await user.click(screen.getByRole('button', { name: 'Show image 2' }));
    const enlarge = screen.getByRole('button', { name: 'Enlarge image' });
    await user.click(enlarge);

    const dialog = await screen.findByRole('dialog', { name: 'Linen Diary' });
    expect(dialog).toHaveAccessibleDescription('Image 2 of 3');
    const large = within(dialog).getByRole('img', { name: 'Linen Diary, image 2 of 3' });
    const sources = large.parentElement!.querySelectorAll('source');
    expect([...sources].map((s) => s.getAttribute('srcset'))).toEqual([
      '/media/i2/1280.avif',
      '/media/i2/1280.webp',
    ]);
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.click(within(dialog).getByRole('button', { name: 'Next image' }));
    expect(dialog).toHaveAccessibleDescription('Image 3 of 3');
    // shipped art has no renditions: the image itself
    expect(within(dialog).getByRole('img', { name: 'Linen Diary, image 3 of 3' })).toHaveAttribute(
      'src',
      '/images/shipped.svg',
    );
    await user.keyboard('{ArrowRight}');
    expect(
      within(dialog).getByRole('img', { name: 'Linen Diary, image 1 of 3' }),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Previous image' }));
    expect(
      within(dialog).getByRole('img', { name: 'Linen Diary, image 3 of 3' }),
    ).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(enlarge).toHaveFocus());
  });

  it('shows a single image without previous/next; the close button closes it and returns focus', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <ProductGallery
        product={product({ image: '/images/one.svg', images: [], srcsets: undefined })}
      />,
    );
    expect(screen.queryByRole('list', { name: 'Product images' })).not.toBeInTheDocument();
    const enlarge = screen.getByRole('button', { name: 'Enlarge image' });
    await user.click(enlarge);
    const dialog = await screen.findByRole('dialog', { name: 'Linen Diary' });
    expect(within(dialog).getByRole('img', { name: 'Linen Diary' })).toHaveAttribute(
      'src',
      '/images/one.svg',
    );
    expect(within(dialog).queryByRole('button', { name: 'Next image' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close image' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(enlarge).toHaveFocus());
  });
});
