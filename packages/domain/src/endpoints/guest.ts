import {
  ZForgotPasswordRequest,
  ZForgotPasswordResponse,
  ZForgotPasswordVerifyRequest,
  ZForgotPasswordVerifyResponse,
  ZLoginRequest,
  ZMessageResponse,
  ZRefreshTokenRequest,
  ZRegisterRequest,
  ZRegisterResponse,
  ZResetPasswordRequest,
  ZTokenResponse,
} from "../contracts/accounts.ts";
import { ZErrorResponse } from "../contracts/common.ts";
import { defineEndpoint } from "./define.ts";

const tags = ["accounts: guest"];

/** The /c/guest/* calls of spec §7: registration, sign-in, token refresh and forgotten passwords. */
export const guestEndpoints = {
  register: defineEndpoint({
    method: "POST",
    path: "/c/guest/register",
    auth: "guest",
    tags,
    summary: "Create an account; answers token_register and sends the phone code",
    body: ZRegisterRequest,
    responses: { 201: ZRegisterResponse, 429: ZErrorResponse },
  }),
  login: defineEndpoint({
    method: "POST",
    path: "/c/guest/login",
    auth: "guest",
    tags,
    summary: "Sign in with e-mail or phone; ends any other session of the account",
    body: ZLoginRequest,
    responses: { 200: ZTokenResponse, 423: ZErrorResponse, 429: ZErrorResponse },
  }),
  refreshToken: defineEndpoint({
    method: "POST",
    path: "/c/guest/refresh-token",
    auth: "guest",
    tags,
    summary: "Rotate a refresh token; reusing an old one revokes its whole session",
    body: ZRefreshTokenRequest,
    responses: { 200: ZTokenResponse, 401: ZErrorResponse },
  }),
  forgotPassword: defineEndpoint({
    method: "POST",
    path: "/c/guest/forgot-password",
    auth: "guest",
    tags,
    summary: "Send a password-reset code (same answer whether or not the account exists)",
    body: ZForgotPasswordRequest,
    responses: { 200: ZForgotPasswordResponse, 429: ZErrorResponse },
  }),
  verifyForgotPassword: defineEndpoint({
    method: "POST",
    path: "/c/guest/forgot-password/verify",
    auth: "guest",
    tags,
    summary: "Confirm the reset code; answers a short-lived reset token",
    body: ZForgotPasswordVerifyRequest,
    responses: { 200: ZForgotPasswordVerifyResponse, 429: ZErrorResponse },
  }),
  resetPassword: defineEndpoint({
    method: "POST",
    path: "/c/guest/reset-password",
    auth: "guest",
    tags,
    summary: "Set a new password; unlocks the account and ends every session",
    body: ZResetPasswordRequest,
    responses: { 200: ZMessageResponse, 429: ZErrorResponse },
  }),
};
