/** The Track screen (placeholder until the Track issue lands). */
export default function TrackScreen() {
  return (
    <section className="p-6">
      <h1 className="text-2xl font-bold">Track</h1>
    </section>
  );
}
