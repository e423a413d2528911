import type { PaymentProvider, ProviderCalls } from './payments.ts';

/**
 * The address a payment provider is given for an account's email. An account made without one
 * (an affiliate signed up a professional who has none) holds a stand-in under the reserved
 * `.invalid` domain, which no mail reaches (features/accounts/users.ts). Paystack asks for an
 * address unique to the customer on a domain that exists, so the provider gets the stand-in's name
 * at the site's own host instead (docs/OPERATIONS.md "One process, the environment"), in every
 * charge and in the pop-up: a card saved under it is charged again under it.
 */
export function withPayerAddresses(calls: ProviderCalls, siteHost: string): PaymentProvider {
  const payerEmail = (email: string): string => {
    const at = email.lastIndexOf('@');
    return at > 0 && email.toLowerCase().endsWith('.invalid') ? `${email.slice(0, at)}@${siteHost}` : email;
  };
  return {
    ...calls,
    payerEmail,
    chargeAuthorization: (charge) => calls.chargeAuthorization({ ...charge, email: payerEmail(charge.email) }),
    chargeMobileMoney: (charge) => calls.chargeMobileMoney({ ...charge, email: payerEmail(charge.email) }),
  };
}
