import { createRequire } from 'node:module';
import { z } from 'zod';

/** The product's version, from package.json (npm sets npm_package_version only for what it starts). */
const PACKAGE_VERSION = (createRequire(import.meta.url)('../../package.json') as { version: string }).version;

/** Environment variables, parsed once at start-up (ARCHITECTURE layout: api/src/config.ts). */
const onOff = z.enum(['on', 'off']);

/** A URL's hostname on this machine: loopback names only. */
const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);
/** `http(s)://` a loopback name and a port, nothing more (an origin as URL writes it). */
const isLoopbackOrigin = (origin: string): boolean => {
  const url = URL.parse(origin);
  return !!url && /^https?:$/.test(url.protocol) && LOOPBACK_NAMES.has(url.hostname) && url.origin === origin;
};

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Commands on this machine hand work to the running server (features/local-control): off in production unless asked for. */
  LOCAL_CONTROL: onOff.optional(),
  /** Daily snapshots of the embedded database kept in DATA_DIR/backups (0: none). */
  BACKUP_KEEP: z.coerce.number().int().min(0).max(366).default(7),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Diagnostic pages and the dev mailbox: on in tests, otherwise only with DIAGNOSTICS=on. */
  DIAGNOSTICS: onOff.optional(),
  /** A scraper elsewhere than this machine reads GET /metrics with `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z
    .string()
    .regex(
      /^[A-Za-z0-9._~+/=-]{32,256}$/,
      'must be 32 to 256 letters, digits or - . _ ~ + / = (make one with: openssl rand -hex 32)',
    )
    .optional(),
  /** How many proxies in front of us append to X-Forwarded-For: the client is that many from the right. */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).optional(),
  /** `sandbox`: run TEST MODE payments on purpose where real ones are expected (production without keys). */
  PAYMENTS: z.enum(['paystack', 'sandbox']).optional(),
  /** Sessions and dashboard records kept in memory until the database announces a change (api/src/cache/). */
  READ_CACHE: onOff.default('on'),
  /** Paystack keys: both or neither. Without them payments run in the sandbox (TEST MODE). */
  PAYSTACK_SECRET_KEY: z
    .string()
    .regex(/^sk_(test|live)_\w+$/, 'must look like sk_test_… or sk_live_…')
    .optional(),
  PAYSTACK_PUBLIC_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, 'must look like pk_test_… or pk_live_…')
    .optional(),
  PAYSTACK_API_BASE: z.url({ protocol: /^https?$/ }).default('https://api.paystack.co'),
  /** Google's geocoding, used server-side only; without a key cities are detected by bounding boxes. */
  GOOGLE_MAPS_API_KEY: z.string().min(1).optional(),
  GOOGLE_MAPS_API_BASE: z.url({ protocol: /^https?$/ }).default('https://maps.googleapis.com'),
  /** The address users reach the site at, for links in emails (password reset). */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Outgoing email: smtp://user:pass@host:587 or smtps://…:465. Unset: emails go to the dev mailbox only. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'must look like smtp://user:password@host:587 or smtps://…')
    .optional(),
  SMTP_FROM: z.string().min(3).default('ServiceConnect Ghana <no-reply@localhost>'),
  /** SMS through Arkesel: key and sender id both or neither. Unset: SMS stay in the outbox (dev mailbox). */
  SMS_API_BASE: z.url({ protocol: /^https?$/ }).default('https://sms.arkesel.com'),
  SMS_API_KEY: z.string().min(8, 'must be the gateway API key').optional(),
  SMS_SENDER_ID: z
    .string()
    .regex(/^[A-Za-z0-9 ]{3,11}$/, 'must be 3 to 11 letters, digits or spaces (a registered sender id)')
    .optional(),
  /** WhatsApp Cloud API: token, phone number id and approved template together, or none. */
  WHATSAPP_API_BASE: z.url({ protocol: /^https?$/ }).default('https://graph.facebook.com'),
  WHATSAPP_API_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, 'must look like v21.0')
    .default('v21.0'),
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^\d{5,20}$/, 'must be the numeric phone number id from Meta')
    .optional(),
  WHATSAPP_ACCESS_TOKEN: z.string().min(20, 'must be a Meta access token').optional(),
  WHATSAPP_TEMPLATE: z
    .string()
    .regex(/^[a-z0-9_]{1,512}$/, 'must be an approved template name (lowercase letters, digits, _)')
    .optional(),
  WHATSAPP_TEMPLATE_LANGUAGE: z
    .string()
    .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'must be a language code such as en or en_US')
    .default('en'),
  /**
   * Web Push: the server's VAPID key pair from `npm run push:keys`, both or neither, and
   * a contact for the push services. Unset outside production: a pair is made once and kept in the
   * database, and notifications go only to a push service on this machine (nothing leaves it).
   * Unset in production: no notifications on phones; texts as before.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{80,100}$/, 'must be the public key printed by npm run push:keys')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,50}$/, 'must be the private key printed by npm run push:keys')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be mailto:someone@example.com or an https:// address')
    .optional(),
  /**
   * Outside production without VAPID keys, the push services on this machine that phones may point
   * at besides this server's own: the other processes of a local setup of several (the chaos bench),
   * each an origin such as http://127.0.0.1:3871, comma-separated. Named by whoever starts the
   * server, never by a caller, so it opens no port to probing.
   */
  PUSH_LOCAL_ORIGINS: z
    .string()
    .max(2000)
    .transform((list) =>
      list
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().refine(isLoopbackOrigin, 'must be loopback origins such as http://127.0.0.1:3871')))
    .optional(),
  /**
   * The USSD menu (docs/PRODUCT.md "The phone menu (USSD)"): the gateway that calls us, the secret
   * in its callback's path, and the code people dial. All three or none (none: no such route).
   * In development, unset, they default to DEV_USSD so `npm run ussd` works against `npm start`.
   */
  USSD_PROVIDER: z.enum(['africastalking', 'arkesel']).optional(),
  USSD_CALLBACK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{24,128}$/, 'must be 24 to 128 letters, digits, - or _ (make one with: openssl rand -hex 24)')
    .optional(),
  USSD_CODE: z
    .string()
    .regex(/^\*\d{1,4}(\*\d{1,4}){0,3}#$/, 'must be a code people dial, like *920*55#')
    .optional(),
  /** The first administrator, created on start when none exists yet. Both or neither. */
  ADMIN_USERNAME: z
    .string()
    .regex(/^[A-Za-z0-9._@-]{3,100}$/, 'must be 3 to 100 letters, digits or . _ @ -')
    .optional(),
  ADMIN_PASSWORD: z.string().min(10, 'must be at least 10 characters').optional(),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  /** package.json's version (the admin console's system panel shows it). */
  version: string;
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  localControl: boolean;
  backupKeep: number;
  logLevel: z.infer<typeof configSchema>['LOG_LEVEL'];
  diagnostics: boolean;
  /** Proxies trusted in front of the server (0: the socket's address is the client's). */
  proxyHops: number;
  /** Lets a scraper that is not on this machine read GET /metrics (undefined: this machine only). */
  metricsToken: string | undefined;
  readCache: boolean;
  paystack: { secretKey: string; publicKey: string; apiBase: string } | null;
  publicUrl: string;
  googleMaps: { apiKey: string; apiBase: string } | null;
  firstAdmin: { username: string; password: string } | null;
  smtp: { url: string; from: string } | null;
  sms: { apiBase: string; apiKey: string; senderId: string } | null;
  /**
   * Web Push: `keys` from the environment, or 'kept' (made once, kept in the database);
   * `localOnly`: only push services on this machine are sent to. Null: push is off.
   */
  push: {
    keys: { publicKey: string; privateKey: string } | 'kept';
    subject: string;
    localOnly: boolean;
    /** With `localOnly`: other push services on this machine phones may point at (PUSH_LOCAL_ORIGINS). */
    otherLocalOrigins: string[];
  } | null;
  /** The USSD menu's gateway (features/ussd); null: the callback route does not exist. */
  ussd: UssdConfig | null;
  whatsapp: {
    apiBase: string;
    apiVersion: string;
    phoneNumberId: string;
    accessToken: string;
    template: string;
    language: string;
  } | null;
}

export type UssdProvider = 'africastalking' | 'arkesel';
export interface UssdConfig {
  provider: UssdProvider;
  /** The last part of the callback's path: only the gateway, told it by the operator, knows it. */
  callbackSecret: string;
  /** What people dial, e.g. *920*55# (a request's number goes before the #). */
  dialCode: string;
}

/**
 * The USSD settings `npm start` uses in development when none are set, so that `npm run ussd`
 * (api/src/cli/ussd.ts) reaches a menu with nothing to configure. Never in production or tests.
 */
export const DEV_USSD: UssdConfig = {
  provider: 'africastalking',
  callbackSecret: 'development-only-ussd-callback-secret',
  dialCode: '*920*55#',
};

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty value means "not set", as in most shells' `VAR= npm start`.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return `${name}=${JSON.stringify(env[name])}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid environment variable ${problems.join('; ')}`);
  }
  const c = parsed.data;
  if (!!c.PAYSTACK_SECRET_KEY !== !!c.PAYSTACK_PUBLIC_KEY) {
    throw new ConfigError(
      'Invalid environment variable PAYSTACK_SECRET_KEY / PAYSTACK_PUBLIC_KEY: set both keys for real payments, or neither for the sandbox',
    );
  }
  if (!!c.ADMIN_USERNAME !== !!c.ADMIN_PASSWORD) {
    throw new ConfigError(
      'Invalid environment variable ADMIN_USERNAME / ADMIN_PASSWORD: set both to create the first administrator, or neither',
    );
  }
  if (!!c.SMS_API_KEY !== !!c.SMS_SENDER_ID) {
    throw new ConfigError('Invalid environment variable SMS_API_KEY / SMS_SENDER_ID: set both to send SMS, or neither');
  }
  if (c.PUSH_LOCAL_ORIGINS?.length && (c.NODE_ENV === 'production' || c.VAPID_PUBLIC_KEY)) {
    throw new ConfigError(
      'Invalid environment variable PUSH_LOCAL_ORIGINS: it names push services on this machine, used only outside production without VAPID keys; unset it',
    );
  }
  if (!!c.VAPID_PUBLIC_KEY !== !!c.VAPID_PRIVATE_KEY) {
    throw new ConfigError(
      'Invalid environment variable VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY: set both (npm run push:keys prints a pair) for notifications on phones, or neither',
    );
  }
  const sandbox = !c.PAYSTACK_SECRET_KEY;
  if (c.PAYMENTS === 'sandbox' && !sandbox) {
    throw new ConfigError(
      'Invalid environment variable PAYMENTS="sandbox": Paystack keys are set; unset PAYMENTS for real payments, or the keys for the sandbox',
    );
  }
  if (sandbox && (c.PAYMENTS === 'paystack' || (c.NODE_ENV === 'production' && c.PAYMENTS !== 'sandbox'))) {
    // A production server without keys would hand out paid time (and affiliate commission) for nothing.
    throw new ConfigError(
      'Missing environment variable PAYSTACK_SECRET_KEY / PAYSTACK_PUBLIC_KEY: set both for real payments, or PAYMENTS=sandbox to run TEST MODE payments on purpose (no money moves, every page says so)',
    );
  }
  const ussdSet = [c.USSD_PROVIDER, c.USSD_CALLBACK_SECRET, c.USSD_CODE].filter(Boolean).length;
  if (ussdSet !== 0 && ussdSet !== 3) {
    throw new ConfigError(
      'Invalid environment variable USSD_PROVIDER / USSD_CALLBACK_SECRET / USSD_CODE: set all three to serve the phone menu, or none',
    );
  }
  const whatsappSet = [c.WHATSAPP_PHONE_NUMBER_ID, c.WHATSAPP_ACCESS_TOKEN, c.WHATSAPP_TEMPLATE].filter(Boolean).length;
  if (whatsappSet !== 0 && whatsappSet !== 3) {
    throw new ConfigError(
      'Invalid environment variable WHATSAPP_PHONE_NUMBER_ID / WHATSAPP_ACCESS_TOKEN / WHATSAPP_TEMPLATE: set all three to send WhatsApp messages, or none',
    );
  }
  return {
    env: c.NODE_ENV,
    version: PACKAGE_VERSION,
    port: c.PORT,
    host: c.HOST,
    databaseUrl: c.DATABASE_URL,
    dataDir: c.DATA_DIR,
    localControl: c.LOCAL_CONTROL ? c.LOCAL_CONTROL === 'on' : c.NODE_ENV !== 'production',
    backupKeep: c.BACKUP_KEEP,
    logLevel: c.LOG_LEVEL,
    diagnostics: c.DIAGNOSTICS ? c.DIAGNOSTICS === 'on' : c.NODE_ENV === 'test',
    proxyHops: c.TRUST_PROXY_HOPS ?? (c.NODE_ENV === 'production' ? 1 : 0),
    metricsToken: c.METRICS_TOKEN,
    readCache: c.READ_CACHE === 'on',
    paystack:
      c.PAYSTACK_SECRET_KEY && c.PAYSTACK_PUBLIC_KEY
        ? {
            secretKey: c.PAYSTACK_SECRET_KEY,
            publicKey: c.PAYSTACK_PUBLIC_KEY,
            apiBase: c.PAYSTACK_API_BASE.replace(/\/$/, ''),
          }
        : null,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    smtp: c.SMTP_URL ? { url: c.SMTP_URL, from: c.SMTP_FROM } : null,
    sms:
      c.SMS_API_KEY && c.SMS_SENDER_ID
        ? { apiBase: c.SMS_API_BASE.replace(/\/$/, ''), apiKey: c.SMS_API_KEY, senderId: c.SMS_SENDER_ID }
        : null,
    push: pushConfig(c),
    ussd:
      c.USSD_PROVIDER && c.USSD_CALLBACK_SECRET && c.USSD_CODE
        ? { provider: c.USSD_PROVIDER, callbackSecret: c.USSD_CALLBACK_SECRET, dialCode: c.USSD_CODE }
        : c.NODE_ENV === 'development'
          ? DEV_USSD
          : null,
    whatsapp:
      c.WHATSAPP_PHONE_NUMBER_ID && c.WHATSAPP_ACCESS_TOKEN && c.WHATSAPP_TEMPLATE
        ? {
            apiBase: c.WHATSAPP_API_BASE.replace(/\/$/, ''),
            apiVersion: c.WHATSAPP_API_VERSION,
            phoneNumberId: c.WHATSAPP_PHONE_NUMBER_ID,
            accessToken: c.WHATSAPP_ACCESS_TOKEN,
            template: c.WHATSAPP_TEMPLATE,
            language: c.WHATSAPP_TEMPLATE_LANGUAGE,
          }
        : null,
    firstAdmin:
      c.ADMIN_USERNAME && c.ADMIN_PASSWORD ? { username: c.ADMIN_USERNAME, password: c.ADMIN_PASSWORD } : null,
    googleMaps: c.GOOGLE_MAPS_API_KEY
      ? { apiKey: c.GOOGLE_MAPS_API_KEY, apiBase: c.GOOGLE_MAPS_API_BASE.replace(/\/$/, '') }
      : null,
  };
}

function pushConfig(c: z.infer<typeof configSchema>): Config['push'] {
  const subject = c.VAPID_SUBJECT ?? `mailto:support@${URL.parse(c.PUBLIC_URL ?? '')?.hostname || 'localhost'}`;
  if (c.VAPID_PUBLIC_KEY && c.VAPID_PRIVATE_KEY) {
    return {
      keys: { publicKey: c.VAPID_PUBLIC_KEY, privateKey: c.VAPID_PRIVATE_KEY },
      subject,
      localOnly: false,
      otherLocalOrigins: [],
    };
  }
  return c.NODE_ENV === 'production'
    ? null
    : { keys: 'kept', subject, localOnly: true, otherLocalOrigins: c.PUSH_LOCAL_ORIGINS ?? [] };
}
