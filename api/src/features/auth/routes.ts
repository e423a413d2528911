import Router from '@koa/router';
import {
  AUTH_PATHS,
  type ForgotPasswordResponse,
  type LoginResponse,
  type VerifyAnswer,
  forgotPasswordSchema,
  loginSchema,
  resetPasswordSchema,
} from '../../../../contract/accounts.ts';
import type { AppDeps, RequestState } from '../../deps.ts';
import { bearerToken, requireUser } from './guards.ts';
import { validate } from '../../http/validate.ts';
import * as sessionsRepo from './sessions.ts';
import { forgotPassword, login, resetPassword } from './service.ts';
import type { MessageAnswer } from '../../../../contract/api.ts';
import {
  type SignInCodeAnswer,
  signInCodeRequestSchema,
  signInWithCodeSchema,
} from '../../../../contract/signin-codes.ts';
import { requestSignInCode, signInWithCode } from './code-signin.ts';

export function authRoutes(deps: AppDeps): Router {
  const router = new Router<RequestState>();

  router.post(AUTH_PATHS.login, async (ctx) => {
    ctx.body = (await login(deps, validate(loginSchema, ctx.request.body), ctx.ip)) satisfies LoginResponse;
  });

  router.post(AUTH_PATHS.requestCode, async (ctx) => {
    const { phone } = validate(signInCodeRequestSchema, ctx.request.body);
    ctx.body = (await requestSignInCode(deps, phone, ctx.ip)) satisfies SignInCodeAnswer;
  });

  router.post(AUTH_PATHS.signInWithCode, async (ctx) => {
    ctx.body = (await signInWithCode(
      deps,
      validate(signInWithCodeSchema, ctx.request.body),
      ctx.ip,
    )) satisfies LoginResponse;
  });

  router.post(AUTH_PATHS.verify, requireUser(deps), (ctx) => {
    ctx.body = { success: true, user: ctx.state.user } satisfies VerifyAnswer;
  });

  router.post(AUTH_PATHS.logout, async (ctx) => {
    const token = bearerToken(ctx.get('authorization'));
    if (token) await sessionsRepo.revoke(deps.db, token, deps.clock.now());
    ctx.body = { success: true, message: 'Signed out.' } satisfies MessageAnswer;
  });

  router.post(AUTH_PATHS.forgotPassword, async (ctx) => {
    ctx.body = (await forgotPassword(
      deps,
      validate(forgotPasswordSchema, ctx.request.body),
    )) satisfies ForgotPasswordResponse;
  });

  router.post(AUTH_PATHS.resetPassword, async (ctx) => {
    ctx.body = (await resetPassword(deps, validate(resetPasswordSchema, ctx.request.body))) satisfies MessageAnswer;
  });

  return router;
}
