interface NotFoundProps {
  title: string;
  text: string;
  backHref: string;
  backLabel: string;
}

/** What an edit route shows when its id matches nothing stored. */
export function NotFound({ title, text, backHref, backLabel }: NotFoundProps) {
  return (
    <section className="p-4 desk:p-6">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-3 text-slate-700">{text}</p>
      <a href={backHref} className="mt-4 inline-block font-semibold text-brand-700 underline">
        {backLabel}
      </a>
    </section>
  );
}
