// Carousels (home hero and testimonials). Markup: [data-carousel] with
// data-interval (ms), a [data-track] of [data-slide]s, and [data-prev],
// [data-next], [data-goto] and [data-playpause] buttons. Auto-advance pauses
// on hover, on focus, in a background tab, when the visitor presses pause,
// and never starts under prefers-reduced-motion (WCAG 2.2.2).
const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');

function setup(root: HTMLElement): void {
  const track = root.querySelector<HTMLElement>('[data-track]');
  const slides = [...root.querySelectorAll<HTMLElement>('[data-slide]')];
  if (!track || slides.length < 2) return;
  const dots = [...root.querySelectorAll<HTMLButtonElement>('[data-goto]')];
  const playPause = root.querySelector<HTMLButtonElement>('[data-playpause]');
  const live = root.querySelector<HTMLElement>('[data-live]');
  const interval = Number(root.dataset.interval ?? 4000);
  let index = 0;
  let timer: number | undefined;
  let stopped = reducedMotion.matches;
  let held = false; // hover or focus inside

  const show = (next: number) => {
    index = (next + slides.length) % slides.length;
    track.style.transform = `translateX(${-100 * index}%)`;
    slides.forEach((slide, i) => (slide.inert = i !== index));
    dots.forEach((dot, i) => dot.setAttribute('aria-current', String(i === index)));
  };

  const schedule = () => {
    window.clearInterval(timer);
    const running = !stopped && !held && !document.hidden;
    if (running) timer = window.setInterval(() => show(index + 1), interval);
    // Announce slide changes only when the visitor drives them.
    live?.setAttribute('aria-live', running ? 'off' : 'polite');
    if (playPause) {
      playPause.dataset.state = stopped ? 'paused' : 'playing';
      playPause.setAttribute('aria-label', stopped ? (playPause.dataset.playLabel ?? 'Play') : (playPause.dataset.pauseLabel ?? 'Pause'));
    }
  };

  root.querySelector('[data-prev]')?.addEventListener('click', () => (show(index - 1), schedule()));
  root.querySelector('[data-next]')?.addEventListener('click', () => (show(index + 1), schedule()));
  dots.forEach((dot) => dot.addEventListener('click', () => (show(Number(dot.dataset.goto)), schedule())));
  playPause?.addEventListener('click', () => {
    stopped = !stopped;
    schedule();
  });
  root.addEventListener('mouseenter', () => ((held = true), schedule()));
  root.addEventListener('mouseleave', () => ((held = root.contains(document.activeElement)), schedule()));
  root.addEventListener('focusin', () => ((held = true), schedule()));
  root.addEventListener('focusout', (event) => {
    if (!root.contains(event.relatedTarget as Node | null)) {
      held = root.matches(':hover');
      schedule();
    }
  });
  root.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      if ((event.target as HTMLElement).closest('[data-controls]')) {
        show(index + (event.key === 'ArrowRight' ? 1 : -1));
        schedule();
      }
    }
  });
  document.addEventListener('visibilitychange', schedule);
  reducedMotion.addEventListener('change', () => ((stopped = reducedMotion.matches), schedule()));
  root.dataset.ready = 'true';
  show(0);
  schedule();
}

for (const root of document.querySelectorAll<HTMLElement>('[data-carousel]')) setup(root);
