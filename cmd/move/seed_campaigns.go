package main

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"move/domain/campaign"
	"move/domain/notification"
	"move/domain/themedpage"
)

// seedCampaigns gives the demo application a campaign and a notification scheduled a
// month ahead (decisions 1100, 1101), so their screens have a record to open.
func seedCampaigns(ctx context.Context, b *backend, log *slog.Logger) error {
	app := uuid.NewSHA1(seedMeta("application/move-demo").CommandID, []byte("application")).String()
	m := seedMeta("campaign/zomersport")
	m.ApplicationID = app
	if _, err := b.app.CreateCampaign(ctx, m, campaign.Fields{Title: "Zomersport", URL: "https://example.org/zomersport"}); err != nil {
		return fmt.Errorf("seed campaign: %w", err)
	}
	zone, err := time.LoadLocation("Europe/Amsterdam")
	if err != nil {
		return err
	}
	sendOn := time.Now().In(zone).AddDate(0, 1, 0)
	n := seedMeta("notification/welcome")
	n.ApplicationID = app
	if _, err := b.app.ScheduleNotification(ctx, n, notification.Fields{Title: "Nieuw bij {app_name}",
		Contents: "Hallo {first_name}, het nieuwe seizoen begint: schrijf je in voor je favoriete les!",
		SendOn:   time.Date(sendOn.Year(), sendOn.Month(), sendOn.Day(), 9, 0, 0, 0, zone).Format(notification.LocalTimeLayout), Zone: "Europe/Amsterdam"}); err != nil {
		return fmt.Errorf("seed notification: %w", err)
	}
	if err := seedThemedPage(ctx, b, app); err != nil {
		return err
	}
	log.Info("seeded a campaign, a notification and a themed page")
	return nil
}

// seedThemedPage gives the demo application a published themed page of every block type
// (decision 1640); its id derives from the seed's key (the accessibility spec opens it).
func seedThemedPage(ctx context.Context, b *backend, app string) error {
	m := seedMeta("themed_page/over-ons")
	m.ApplicationID = app
	link := "https://example.org/lid-worden"
	res, err := b.app.CreateThemedPage(ctx, m, themedpage.Fields{
		Title: themedpage.Text{NL: "Over ons", EN: "About us"},
		Blocks: []themedpage.Block{
			{Type: themedpage.Heading, Text: themedpage.Text{NL: "Sporten in jouw buurt", EN: "Sports near you"}},
			{Type: themedpage.Para, Text: themedpage.Text{
				NL: "Move brengt clubs, lessen en activiteiten samen in één app.\n\nZoek een activiteit, boek een plek en betaal met je sportpas.",
				EN: "Move brings clubs, classes and activities together in one app.\n\nFind an activity, book a place and pay with your sports pass."}},
			{Type: themedpage.Button, Text: themedpage.Text{NL: "Word lid", EN: "Become a member"}, URL: &link},
		},
	})
	if err != nil {
		return fmt.Errorf("seed themed page: %w", err)
	}
	p := seedMeta("themed_page/over-ons/publish")
	p.ApplicationID = app
	if _, err := b.app.PublishThemedPage(ctx, p, res.ID, nil, true); err != nil {
		return fmt.Errorf("seed themed page: publish: %w", err)
	}
	return nil
}
