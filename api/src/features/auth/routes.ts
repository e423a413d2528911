import Router from '@koa/router';
import {
  forgotPassword as forgotPasswordRoute,
  resetPassword as resetPasswordRoute,
  signIn,
  signOut,
  verifySession,
} from '../../../../contract/accounts.ts';
import {
  requestSignInCode as requestCodeRoute,
  signInWithCode as signInWithCodeRoute,
} from '../../../../contract/signin-codes.ts';
import type { RequestState, FeatureDeps } from '../../deps.ts';
import { messageAnswer } from '../../http/common-answers.ts';
import { routeTable } from '../../http/serve.ts';
import { forgotPasswordAnswer, loginAnswer, signInCodeAnswer, verifyAnswer } from './answers.ts';
import { requestSignInCode, signInWithCode } from './code-signin.ts';
import { bearerToken } from './guards.ts';
import { forgotPassword, login, resetPassword } from './service.ts';
import * as sessionsRepo from './sessions.ts';

export function authRoutes(deps: FeatureDeps): Router {
  const router = new Router<RequestState>();
  const serve = routeTable(router, deps.guards);

  serve(signIn, loginAnswer, (ctx, { body }) => login(deps, body, ctx.ip));
  serve(requestCodeRoute, signInCodeAnswer, (ctx, { body }) => requestSignInCode(deps, body.phone, ctx.ip));
  serve(signInWithCodeRoute, loginAnswer, (ctx, { body }) => signInWithCode(deps, body, ctx.ip));
  serve(verifySession, verifyAnswer, (ctx) => ({ success: true, user: ctx.state.user }));
  serve(signOut, messageAnswer, async (ctx) => {
    const token = bearerToken(ctx.get('authorization'));
    if (token) await sessionsRepo.revoke(deps.db, token, deps.clock.now());
    return { success: true, message: 'Signed out.' };
  });
  serve(forgotPasswordRoute, forgotPasswordAnswer, (_ctx, { body }) => forgotPassword(deps, body));
  serve(resetPasswordRoute, messageAnswer, (_ctx, { body }) => resetPassword(deps, body));
  return router;
}
