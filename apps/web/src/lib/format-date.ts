const longDate = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** en-IN long date ('5 March 2025'); undefined when missing or not a date. */
export function formatLongDate(iso: string | null | undefined): string | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : longDate.format(date);
}

const dateTime = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

/** en-IN day and time ('5 Mar, 3:30 pm'); undefined when missing or not a date. */
export function formatDateTime(iso: string | null | undefined): string | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : dateTime.format(date);
}

const indianDateTime = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  // India's time wherever the page is drawn: the server renders it, the browser hydrates it
  timeZone: 'Asia/Kolkata',
});

/** en-IN date and time in India's time ('5 Mar 2025, 3:30 pm'); undefined when not a date. */
export function formatIndianDateTime(iso: string | null | undefined): string | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : indianDateTime.format(date);
}
