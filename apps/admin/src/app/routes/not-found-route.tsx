import { Link } from 'react-router';

export function NotFoundRoute() {
  return (
    <div>
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="mt-2 text-muted-foreground">
        <Link to="/" className="text-primary underline">
          Go to the dashboard
        </Link>
      </p>
    </div>
  );
}
