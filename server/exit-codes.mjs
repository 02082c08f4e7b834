// Exit codes of `node server.js` that mean something to whoever runs it (scripts/start.mjs, the
// systemd unit in deploy/systemd/). Plain JavaScript: the supervisor imports it without a build.

/**
 * "Start me again": the site exits with this after scheduling a restore from 'Copias de
 * seguridad' (the next start applies it before opening the database). 75 is EX_TEMPFAIL of
 * sysexits.h, "try again later"; no other path of the site exits with it.
 */
export const RESTART_EXIT_CODE = 75;
