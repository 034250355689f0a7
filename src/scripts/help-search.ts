/** Shows the help-centre search box and filters the article cards as the person types. */
export function wireHelpSearch(root: Document): void {
  const box = root.getElementById('help-search');
  const input = root.getElementById('help-search-input') as HTMLInputElement | null;
  const status = root.getElementById('help-search-status');
  const cards = [...root.querySelectorAll<HTMLElement>('#help-articles [data-search]')];
  if (!box || !input || !status) return;
  box.hidden = false;
  input.addEventListener('input', () => {
    const words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const card of cards) {
      const text = card.dataset['search'] ?? '';
      card.hidden = !words.every((word) => text.includes(word));
      if (!card.hidden) shown += 1;
    }
    status.textContent =
      words.length === 0
        ? ''
        : shown === 0
          ? 'No articles match your search.'
          : `${shown} of ${cards.length} articles`;
  });
}
