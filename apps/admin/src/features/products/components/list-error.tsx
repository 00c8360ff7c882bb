/** The form's message for a list field as a whole (e.g. "At most 12 images"). */
export function ListError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} role="alert" className="text-sm text-destructive">
      {message}
    </p>
  ) : null;
}
