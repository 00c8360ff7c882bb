import { Mail } from 'lucide-react';
import { Badge } from '@store/ui/badge';
import { Button, buttonVariants } from '@store/ui/button';
import { toast } from '@store/ui/toast';
import type { ContactMessage } from '@store/contracts/admin/messages';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useMarkMessage } from '../api/messages';

/** The reply opens the staff member's own mail program, addressed and titled. */
const replyLink = (message: ContactMessage) =>
  `mailto:${encodeURIComponent(message.email)}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`;

/** One message: who sent it, when, the text, a reply by e-mail, and read or unread. */
export function MessageDetail({ message }: { message: ContactMessage }) {
  const mark = useMarkMessage();
  const read = message.readAt !== null;
  const toggle = () =>
    mark.mutate(
      { id: message.id, read: !read },
      {
        onSuccess: () => toast.success(read ? 'Marked as unread' : 'Marked as read'),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  return (
    <article className="grid max-w-3xl gap-4">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">From</dt>
        <dd>
          {message.name} ({message.email})
        </dd>
        <dt className="text-muted-foreground">Received</dt>
        <dd>{formatDateTime(message.receivedAt)}</dd>
        <dt className="text-muted-foreground">Status</dt>
        <dd>{read ? <Badge variant="gray">Read</Badge> : <Badge variant="blue">Unread</Badge>}</dd>
      </dl>
      <p className="whitespace-pre-wrap rounded-md border border-border bg-card p-4 text-sm">
        {message.message}
      </p>
      <div className="flex flex-wrap gap-2">
        <a href={replyLink(message)} className={buttonVariants()}>
          <Mail aria-hidden="true" />
          Reply by e-mail
        </a>
        <Button variant="outline" onClick={toggle} disabled={mark.isPending}>
          {read ? 'Mark as unread' : 'Mark as read'}
        </Button>
      </div>
    </article>
  );
}
