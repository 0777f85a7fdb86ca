package identity

import "move/readapi/kernel"

// The context's message keys and field names, in nl and en; the kernel resolves them.
func init() {
	kernel.RegisterMessages(kernel.Messages{
		"auth.failed":         {"nl": "Deze gegevens komen niet overeen met onze administratie", "en": "These credentials do not match our records"},
		"auth.token_invalid":  {"nl": "Deze link is ongeldig of verlopen", "en": "This link is invalid or has expired"},
		"auth.reset_sent":     {"nl": "Als dit adres bij ons bekend is, ontvang je een e-mail met een link", "en": "If we know this address, you will receive an e-mail with a link"},
		"auth.password_reset": {"nl": "Je wachtwoord is gewijzigd; log opnieuw in", "en": "Your password was changed; please log in again"},
		"user.exists":         {"nl": "Deze gebruiker bestaat al", "en": "This user already exists"},
		"user.erased":         {"nl": "Deze gebruiker is verwijderd", "en": "This user has been erased"},
		"invite.exists":       {"nl": "Deze uitnodiging bestaat al", "en": "This invite already exists"},
		"invite.used":         {"nl": "Deze uitnodiging is al gebruikt", "en": "This invite has already been used"},
		"invite.expired":      {"nl": "Deze uitnodiging is verlopen", "en": "This invite has expired"},
	}, nil)
}
