package processes

import (
	"strings"
	"testing"

	"move/commands"
	"move/domain/booking"
)

// The closure mail is written in the language the participant booked in; an unknown or
// missing language reads as Dutch, the product's default (decision 1711).
func TestTheClosureMailIsInTheParticipantsLanguage(t *testing.T) {
	notice := commands.ClosureNotice{ActivityName: "Zwemles", Date: "2027-01-04", StartTime: "09:00", Reason: "Onderhoud",
		Participant: booking.Participant{FirstName: "Emma", Email: "emma@example.test"}}
	for language, want := range map[string][]string{
		"en": {"Cancelled: Zwemles on 4 January 2027", "Hello Emma,", "at 09:00 does not take place: Onderhoud", "you get back everything you paid"},
		"nl": {"Gaat niet door: Zwemles op 04-01-2027", "Hallo Emma,", "om 09:00 gaat niet door: Onderhoud", "krijg je volledig terug"},
		"":   {"Gaat niet door: Zwemles op 04-01-2027", "Hallo Emma,"},
		"de": {"Gaat niet door: Zwemles op 04-01-2027", "Hallo Emma,"},
	} {
		notice.Language = language
		mail := closedMail(notice)
		text := mail.Subject + "\n" + mail.Body
		for _, part := range want {
			if !strings.Contains(text, part) {
				t.Errorf("language %q: %q lacks %q", language, text, part)
			}
		}
		if mail.To != "emma@example.test" {
			t.Errorf("to %q", mail.To)
		}
	}
}
