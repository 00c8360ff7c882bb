/** Placeholder route module (engineer B replaces it). Route modules export `Component`. */
export function Component() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-semibold">Thank You for Your Order!</h1>
    </section>
  );
}
