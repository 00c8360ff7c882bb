import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '@store/ui/button';
import { Input } from '@store/ui/input';
import { Label } from '@store/ui/label';

/** A labelled search field that applies on submit (Enter or the button), not on every key. */
export function SearchBox({
  id,
  label,
  value,
  onSearch,
  placeholder,
}: {
  id: string;
  label: string;
  value: string;
  onSearch: (value: string) => void;
  placeholder?: string;
}) {
  const [text, setText] = useState(value);
  // the URL changed (back button): show what it says
  useEffect(() => setText(value), [value]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" onSubmit={submit} className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          type="search"
          value={text}
          placeholder={placeholder}
          onChange={(e) => setText(e.target.value)}
          className="min-w-0 sm:w-72"
        />
        <Button type="submit" variant="outline">
          Search
        </Button>
      </div>
    </form>
  );
}
