// Why-choose-us numbers count up from 0 over 2 s (docs/product.md §2) when they scroll
// into view. The HTML holds the final numbers, so without JavaScript, under
// prefers-reduced-motion, or when already on screen, they are simply shown.
const counters = [...document.querySelectorAll<HTMLElement>('[data-count-to]')];
const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;

function run(el: HTMLElement): void {
  const to = Number(el.dataset.countTo);
  const duration = Number(el.dataset.duration ?? 2000);
  const start = performance.now();
  const step = (now: number) => {
    const progress = Math.min(1, (now - start) / duration);
    const eased = 1 - (1 - progress) ** 3;
    el.textContent = String(Math.round(to * eased));
    if (progress < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

if (!reduced && 'IntersectionObserver' in window) {
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        run(entry.target as HTMLElement);
      }
    },
    { threshold: 0.6 },
  );
  for (const el of counters) {
    if (el.getBoundingClientRect().top < window.innerHeight) continue;
    el.textContent = '0';
    observer.observe(el);
  }
}
