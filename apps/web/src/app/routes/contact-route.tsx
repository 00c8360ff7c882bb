import { Card, CardContent, CardHeader, CardTitle } from '@store/ui/card';
import { brandName, useStoreInfo } from '@/state/store-info/use-store-info';
import { ContactDetails } from '@/features/contact/components/contact-details';
import { ContactForm } from '@/features/contact/components/contact-form';

export function Component() {
  const { storeInfo } = useStoreInfo();
  const info = {
    companyName: storeInfo?.companyName?.trim() || brandName(storeInfo),
    companyEmail: storeInfo?.companyEmail?.trim(),
    companyPhone: storeInfo?.companyPhone?.trim(),
    companyAddress: storeInfo?.companyAddress?.trim(),
  };
  return (
    <section className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <div className="mb-8 max-w-2xl">
        <h1 className="text-3xl font-semibold">Contact Us</h1>
        <p className="mt-2 text-muted-foreground">
          Questions about an order, bulk stationery for your office or school, or a product you
          can&apos;t find? We&apos;d love to hear from you.
        </p>
      </div>
      <div className="grid items-start gap-8 lg:grid-cols-[22rem_1fr]">
        <ContactDetails info={info} />
        <Card>
          <CardHeader>
            <CardTitle as="h2">Send us a message</CardTitle>
          </CardHeader>
          <CardContent>
            <ContactForm />
          </CardContent>
        </Card>
      </div>
    </section>
  );
}
