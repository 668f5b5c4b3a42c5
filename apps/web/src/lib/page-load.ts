/** Full page loads, in one module so component tests can replace them (jsdom cannot navigate). */
export const reloadPage = (): void => window.location.reload();
export const loadPage = (url: string): void => window.location.assign(url);
