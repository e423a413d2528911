import { describe, expect, it } from 'vitest';
import { CONTACT_FIELDS } from '../../../../contract/contact.ts';
import { contactAnswerHtml, contactFormHtml } from './contact-form.ts';

describe('the support form as plain HTML', () => {
  it('labels every field and posts to the contact route with no script', () => {
    const html = contactFormHtml();
    expect(html).toMatch(/^<form [^>]*method="post" action="\/api\/contact"/);
    for (const field of CONTACT_FIELDS) {
      expect(html).toContain(`<label for="contact-${field}">`);
      expect(html).toMatch(new RegExp(`id="contact-${field}" name="${field}"`));
    }
    expect(html).not.toContain('aria-invalid');
    expect(html).not.toContain('autofocus');
  });

  it('says each problem beside its field, describes the field by it, and puts the focus on the first', () => {
    const html = contactFormHtml({
      values: { name: 'Ama', phone: '12345', message: 'Hello' },
      errors: { message: 'Too short', phone: 'Not a Ghana number' },
    });
    const phone = /<input[^>]*id="contact-phone"[^>]*>/.exec(html)![0];
    expect(phone).toContain('aria-describedby="contact-phone-hint contact-phone-error"');
    expect(phone).toContain('aria-invalid="true"');
    expect(phone).toContain('value="12345"');
    expect(phone).toContain('autofocus'); // the phone comes before the message on the page
    expect(html.match(/autofocus/g)).toHaveLength(1);
    expect(html).toContain('<p id="contact-message-error" class="field-error">Too short</p>');
    expect(html).toMatch(/<textarea[^>]*aria-describedby="contact-message-error"[^>]*>Hello<\/textarea>/);
  });

  it('keeps a chosen option chosen, and draws typed text as text', () => {
    const html = contactFormHtml({
      values: { category: 'payment', name: '"><script>x</script>', message: '</textarea><b>' },
      problem: 'Wait <an hour>',
    });
    expect(html).toContain('<option value="payment" selected>Payment</option>');
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"');
    expect(html).toContain('>&lt;/textarea&gt;&lt;b&gt;</textarea>');
    expect(html).toContain('role="alert" tabindex="-1">Wait &lt;an hour&gt;</p>');
    expect(contactAnswerHtml({ message: 'Thanks', reference: '<i>' })).toContain('&lt;i&gt;');
  });
});
