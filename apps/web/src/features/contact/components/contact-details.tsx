import type { ReactNode } from 'react';
import { Mail, MapPin, Phone, Share2, type LucideIcon } from 'lucide-react';
import { Card, CardContent } from '@store/ui/card';
import { IconCircle } from '@/components/icon-circle';

export interface ContactInfo {
  companyName: string;
  companyEmail?: string;
  companyPhone?: string;
  companyAddress?: string;
}

function Row({ icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <div className="flex gap-4">
      <IconCircle icon={icon} />
      <div className="grid gap-0.5 text-sm">
        <h3 className="font-sans font-semibold">{title}</h3>
        {children}
      </div>
    </div>
  );
}

/** Social accounts are not in the store info yet: the icons are placeholders (spec section 2). */
const socials = ['Facebook', 'Instagram', 'X'];

export function ContactDetails({ info }: { info: ContactInfo }) {
  return (
    <Card>
      <CardContent className="grid gap-6 pt-6">
        <h2 className="text-xl font-semibold">{info.companyName}</h2>
        <Row icon={Mail} title="Email">
          {info.companyEmail ? (
            <a
              href={`mailto:${info.companyEmail}`}
              className="text-primary underline-offset-4 hover:underline"
            >
              {info.companyEmail}
            </a>
          ) : (
            <span className="text-muted-foreground">Not available</span>
          )}
        </Row>
        <Row icon={Phone} title="Phone">
          {info.companyPhone ? (
            <a
              href={`tel:${info.companyPhone.replace(/\s/g, '')}`}
              className="underline-offset-4 hover:underline"
            >
              {info.companyPhone}
            </a>
          ) : (
            <span className="text-muted-foreground">Not available</span>
          )}
          <span className="text-muted-foreground">Monday to Saturday, 10AM - 6PM</span>
        </Row>
        <Row icon={MapPin} title="Address">
          <address className="not-italic text-muted-foreground">
            {info.companyAddress || 'Not available'}
          </address>
        </Row>
        <div className="grid gap-3">
          <h3 className="font-sans text-sm font-semibold">Follow us</h3>
          <ul className="flex flex-wrap gap-2">
            {socials.map((label) => (
              <li key={label}>
                <a
                  href="#"
                  title={`${label} (coming soon)`}
                  onClick={(event) => event.preventDefault()}
                  className="flex items-center gap-1.5 rounded-full border border-border px-3 py-1.5 text-xs font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground"
                >
                  <Share2 className="size-3.5" aria-hidden="true" />
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </CardContent>
    </Card>
  );
}
