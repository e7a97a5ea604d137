import type { ReactNode } from 'react';

/**
 * A search landmark that searches in the page instead of navigating: on submit, `onSearch` gets a
 * reader of the form's named fields, each trimmed ('' when absent).
 */
export function SearchForm({
  className,
  onSearch,
  children,
}: {
  className: string;
  onSearch: (field: (name: string) => string) => void;
  children: ReactNode;
}) {
  return (
    <form
      role="search"
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        onSearch((name) => String(data.get(name) ?? '').trim());
      }}
    >
      {children}
    </form>
  );
}
