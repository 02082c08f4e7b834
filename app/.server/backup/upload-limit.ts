/**
 * The archive upload of 'Copias de seguridad' (upload.ts), on its own so the request body limit
 * (../http/body-limit.ts) can name it without loading the backup code.
 */

/** Where the upload is posted (the screen's own route). */
export const RESTORE_UPLOAD_PATH = "/admin/backups";

/** The largest archive taken as an upload: the demo shop's is a few MB, a busy shop's photos a few hundred. */
export const RESTORE_UPLOAD_MAX_BYTES = 512 * 1024 * 1024;
