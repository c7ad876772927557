// Click-to-load map: no request reaches the maps provider until the visitor
// asks for the map (privacy, and no third-party weight on page load).
for (const box of document.querySelectorAll<HTMLElement>('[data-map]')) {
  box.querySelector('[data-map-load]')?.addEventListener('click', () => {
    const frame = document.createElement('iframe');
    frame.src = box.dataset.src ?? '';
    frame.title = box.dataset.title ?? 'Map';
    frame.loading = 'lazy';
    frame.referrerPolicy = 'strict-origin-when-cross-origin';
    frame.allowFullscreen = true;
    frame.className = 'map-frame';
    box.replaceChildren(frame);
    box.dataset.loaded = 'true';
    frame.focus();
  });
}
