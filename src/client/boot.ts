/**
 * Runs first, before the sign-in page's libraries are evaluated (index.html lists it before main.tsx):
 * off /login, it starts fetching the back office's scripts at once, in one wave beside those libraries,
 * instead of after them (issue 30). main.tsx then renders the app from the same module.
 */
if (window.location.pathname !== '/login') void import('./App');
