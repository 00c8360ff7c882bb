import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { useMessage } from '@/features/messages/api/messages';
import { MessageDetail } from '@/features/messages/components/message-detail';
import { MessagesInbox } from '@/features/messages/components/messages-inbox';
import { MessagesTabs } from '@/features/messages/components/messages-tabs';
import { SubscribersTable } from '@/features/messages/components/subscribers-table';

/** /admin/messages: the contact form's inbox */
export function MessagesRoute() {
  return (
    <>
      <PageHeader title="Messages" />
      <MessagesTabs />
      <MessagesInbox />
    </>
  );
}

/** /admin/messages/newsletter: the newsletter's subscribers */
export function NewsletterRoute() {
  return (
    <>
      <PageHeader title="Messages" />
      <MessagesTabs />
      <SubscribersTable />
    </>
  );
}

/** /admin/messages/:id */
export function MessageRoute() {
  const { id = '' } = useParams();
  const message = useMessage(id);
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/messages" className="text-primary underline">
          ← Messages
        </Link>
      </p>
      <PageHeader title={message.data?.subject ?? 'Message'} />
      <QueryState query={message}>{(data) => <MessageDetail message={data} />}</QueryState>
    </>
  );
}
