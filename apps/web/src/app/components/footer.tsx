import { Mail, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { brandName, useStoreInfo } from '@/state/store-info/use-store-info';
import { paths } from '@/lib/paths';

const helpLinks = [
  { to: paths.policy('terms'), label: 'Terms & Conditions' },
  { to: paths.policy('privacy'), label: 'Privacy Policy' },
  { to: paths.policy('refund'), label: 'Refund Policy' },
  { to: paths.policy('return'), label: 'Return Policy' },
  { to: paths.policy('shipping'), label: 'Shipping Policy' },
  { to: paths.policy('about'), label: 'About Us' },
  { to: paths.contact, label: 'Contact Us' },
];

const companyLinks = [
  { to: paths.account, label: 'My Account' },
  { to: paths.orders, label: 'My Orders' },
  { to: paths.trackOrder(), label: 'Track Order' },
];

const collection = [
  'Diaries & Journals',
  'Notebooks',
  'Magazines',
  'Paper & Notepads',
  'Inks & Pens',
  'Desk Accessories',
];

function LinkList({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="font-display text-base font-semibold text-paper">{title}</h2>
      <ul className="mt-4 space-y-2 text-sm">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="text-paper/75 transition-colors hover:text-paper">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  const { storeInfo } = useStoreInfo();
  const name = storeInfo?.companyName || brandName(storeInfo);
  return (
    <footer className="bg-ink pb-20 text-paper md:pb-0">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div>
          <p className="font-display text-xl font-semibold">{brandName(storeInfo)}</p>
          <p className="mt-3 text-sm text-paper/75">
            {storeInfo?.description ||
              'Diaries, notebooks, magazines, paper, ink and desk accessories for every writer.'}
          </p>
          <ul className="mt-5 space-y-2 text-sm text-paper/80">
            {storeInfo?.companyAddress && (
              <li className="flex gap-2">
                <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <span>{storeInfo.companyAddress}</span>
              </li>
            )}
            {storeInfo?.companyPhone && (
              <li className="flex gap-2">
                <Phone className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <a href={`tel:${storeInfo.companyPhone}`} className="hover:text-paper">
                  {storeInfo.companyPhone}
                </a>
              </li>
            )}
            {storeInfo?.companyEmail && (
              <li className="flex gap-2">
                <Mail className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <a href={`mailto:${storeInfo.companyEmail}`} className="hover:text-paper">
                  {storeInfo.companyEmail}
                </a>
              </li>
            )}
          </ul>
        </div>
        <LinkList title="Help" links={helpLinks} />
        <LinkList title="Company" links={companyLinks} />
        <div>
          <h2 className="font-display text-base font-semibold text-paper">Our Collection</h2>
          <ul className="mt-4 space-y-2 text-sm text-paper/75">
            {collection.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-paper/15">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-paper/60 lg:px-8">
          © {new Date().getFullYear()} {name.replace(/\.$/, '')}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
