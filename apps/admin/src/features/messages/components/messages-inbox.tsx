import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { Badge } from '@store/ui/badge';
import { adminMessageListQuerySchema, type ContactMessage } from '@store/contracts/admin/messages';
import { PagedTable } from '@/components/paged-table';
import { formatDateTime } from '@/lib/format';
import { useUrlQuery } from '@/lib/url-query';
import { useMessages } from '../api/messages';

const columns: ColumnDef<ContactMessage, unknown>[] = [
  {
    header: 'Subject',
    id: 'subject',
    cell: ({ row }) => (
      <Link
        to={`/messages/${row.original.id}`}
        className={
          row.original.readAt ? 'text-primary underline' : 'font-semibold text-primary underline'
        }
      >
        {row.original.subject}
      </Link>
    ),
  },
  {
    header: 'From',
    id: 'from',
    cell: ({ row }) => (
      <div className="grid">
        <span>{row.original.name}</span>
        <span className="text-xs text-muted-foreground">{row.original.email}</span>
      </div>
    ),
  },
  {
    header: 'Received',
    accessorKey: 'receivedAt',
    cell: ({ row }) => formatDateTime(row.original.receivedAt),
  },
  {
    header: 'Status',
    id: 'status',
    cell: ({ row }) =>
      row.original.readAt ? (
        <Badge variant="gray">Read</Badge>
      ) : (
        <Badge variant="blue">Unread</Badge>
      ),
  },
];

/** The contact form's messages, newest first; a message opens on its own page. */
export function MessagesInbox() {
  const [query, update] = useUrlQuery(adminMessageListQuerySchema);
  const messages = useMessages(query);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <PagedTable
        query={messages}
        above={(data) => (
          <p className="text-sm text-muted-foreground">
            {data.unread === 0
              ? 'No unread messages.'
              : `${data.unread} unread ${data.unread === 1 ? 'message' : 'messages'}.`}{' '}
            Each message is also e-mailed to the owner.
          </p>
        )}
        caption="Messages"
        columns={columns}
        onPageChange={(page) => update({ page })}
        fetching={messages.isFetching}
        empty="No messages yet. Messages sent from the Contact page appear here."
      />
    </div>
  );
}
