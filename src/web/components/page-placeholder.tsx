/** A page whose issue has not landed yet: its heading and a short note, nothing pretending to work. */
export function PagePlaceholder({ title, note }: { title: string; note?: string }) {
  return (
    <main className="mx-auto max-w-4xl px-4 py-16">
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <p className="mt-4 text-slate-600">{note ?? 'This page is coming soon.'}</p>
    </main>
  );
}
