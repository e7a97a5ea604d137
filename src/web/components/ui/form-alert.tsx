/**
 * A form's message that belongs to none of its inputs (a refusal with no field, a network failure),
 * read out when it appears; nothing while there is none. Each form keeps its own box (`className`).
 */
export function FormAlert({ message, className }: { message: string | null | undefined; className: string }) {
  if (!message) return null;
  return (
    <p role="alert" className={className}>
      {message}
    </p>
  );
}
