import { Link } from 'react-router';
import { Button, buttonVariants } from '@store/ui/button';
import { paths } from '@/lib/paths';

/**
 * The page an e-mailed link opens (a cart reminder's unsubscribe, the newsletter's confirm and
 * unsubscribe): what the link does, one button that does it, or why the link cannot.
 */
export function SignedLinkPage({
  title,
  text,
  problem,
  action,
  busy,
  quiet,
  onAction,
}: {
  /** the heading; on a problem, the name of what the link is about */
  title: string;
  text: string;
  problem: string | null;
  action: string;
  busy: boolean;
  /** the button drawn as an outline (the undo of what was just done) */
  quiet: boolean;
  onAction: () => void;
}) {
  return (
    <div className="mx-auto grid max-w-lg gap-4 px-4 py-16 text-center">
      <h1 className="text-3xl font-semibold">{title}</h1>
      {problem ? (
        <p role="alert" className="text-destructive">
          {problem}
        </p>
      ) : (
        <p className="text-muted-foreground" aria-live="polite">
          {text}
        </p>
      )}
      <div className="flex flex-wrap justify-center gap-3">
        {!problem && (
          <Button
            size="lg"
            variant={quiet ? 'outline' : 'default'}
            disabled={busy}
            onClick={onAction}
          >
            {busy ? 'Saving...' : action}
          </Button>
        )}
        <Link to={paths.home} className={buttonVariants({ size: 'lg', variant: 'link' })}>
          Return to Home
        </Link>
      </div>
    </div>
  );
}
