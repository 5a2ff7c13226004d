import { Hono, type MiddlewareHandler } from 'hono';
import '../request-user.ts';
import { localUser, type SignedInUser } from '../signed-in-user.ts';

/** For route tests that mount a route without the app: every request acts for `user`. */
export function signedInAs(user: SignedInUser): MiddlewareHandler {
  return async (context, next) => {
    context.set('user', user);
    await next();
  };
}

/** A route mounted behind `signedInAs(user)`, the local user by default. */
export function routesSignedInAs(routes: Hono, user: SignedInUser = localUser): Hono {
  return new Hono().use(signedInAs(user)).route('/', routes);
}
