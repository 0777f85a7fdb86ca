package main

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"move/domain/campaign"
	"move/domain/notification"
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
	log.Info("seeded a campaign and a notification")
	return nil
}
