// Show-more buttons (welcome text "Read more", service cards "Read more /
// Show less", FAQ "View All"): a button[data-expand] with aria-expanded
// reveals the element(s) named in aria-controls and swaps its label between
// data-more and data-less.
for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-expand]')) {
  button.addEventListener('click', () => {
    const open = button.getAttribute('aria-expanded') !== 'true';
    button.setAttribute('aria-expanded', String(open));
    const targets = (button.getAttribute('aria-controls') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id))
      .filter((el): el is HTMLElement => el !== null);
    for (const el of targets) el.hidden = !open;
    const label = button.dataset[open ? 'less' : 'more'];
    if (label) (button.querySelector('[data-label]') ?? button).textContent = label;
  });
}
