import { NavLink } from 'react-router';
import { cn } from '@store/ui/cn';

const tabs = [
  { to: '/messages', label: 'Inbox', end: true },
  { to: '/messages/newsletter', label: 'Newsletter', end: false },
] as const;

/** The two halves of Messages: the contact form's inbox and the newsletter's subscribers. */
export function MessagesTabs() {
  return (
    <nav aria-label="Messages" className="mb-4 flex gap-2 border-b border-border">
      {tabs.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          end={tab.end}
          className={({ isActive }) =>
            cn(
              '-mb-px border-b-2 px-3 py-2 text-sm font-medium',
              isActive
                ? 'border-primary text-foreground'
                : 'border-transparent text-muted-foreground hover:text-foreground',
            )
          }
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
