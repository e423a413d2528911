// Placeholder: the app-shell helper replaces this with the real contact form island.
export default function ContactForm() {
  return <p>Contact form loading…</p>;
}
