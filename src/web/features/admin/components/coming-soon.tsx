/** A tab still being built. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      <p className="mt-2 text-slate-600">This tab is coming soon.</p>
    </section>
  );
}
