/** The owner of every thread while Drawbridge runs without an auth mode: the one local user. */
export const localUserId = 'local';
