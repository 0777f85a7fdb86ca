package projections

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"

	"move/eventstore"
)

// Metrics are the projectors' Prometheus series; a nil *Metrics records nothing.
type Metrics struct {
	checkpoint    *prometheus.GaugeVec
	recorded      *prometheus.GaugeVec
	eventsApplied *prometheus.CounterVec
	failures      *prometheus.CounterVec
	parkedEvents  *prometheus.CounterVec
}

// NewMetrics registers the projector series on reg.
func NewMetrics(reg prometheus.Registerer) *Metrics {
	m := &Metrics{
		checkpoint: prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "move_projection_checkpoint_position",
			Help: "Log position (row sequence) of the last event the projector passed."}, []string{"projector"}),
		recorded: prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "move_projection_last_event_timestamp_seconds",
			Help: "Recorded time of the last event the projector applied; now minus this is its lag in time."}, []string{"projector"}),
		eventsApplied: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "move_projection_events_applied_total",
			Help: "Events passed on the live path (applied, or read and ignored in a delivery)."}, []string{"projector"}),
		failures: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "move_projection_failures_total",
			Help: "Transient failures of a delivery (retried in place with a growing pause; decision 1310)."}, []string{"projector"}),
		parkedEvents: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "move_projection_events_parked_total",
			Help: "Events the live path parked (failed, or behind a failed event of their stream)."}, []string{"projector"}),
	}
	reg.MustRegister(m.checkpoint, m.recorded, m.eventsApplied, m.failures, m.parkedEvents)
	return m
}

// applied records a delivery of n events ending at last.
func (m *Metrics) applied(name string, last eventstore.RecordedEvent, n int) {
	if m == nil {
		return
	}
	m.checkpoint.WithLabelValues(name).Set(float64(last.Position.Prepare))
	m.recorded.WithLabelValues(name).Set(float64(last.RecordedAt.UnixMilli()) / 1000)
	m.eventsApplied.WithLabelValues(name).Add(float64(n))
}

func (m *Metrics) failed(name string) {
	if m == nil {
		return
	}
	m.failures.WithLabelValues(name).Inc()
}

func (m *Metrics) parked(name string, n int) {
	if m == nil {
		return
	}
	m.parkedEvents.WithLabelValues(name).Add(float64(n))
}

// parkedGauge reports the events parked now, per read model, read from the database at
// each scrape: every server reports the installation's truth, whoever parked them.
type parkedGauge struct {
	db   *pgxpool.Pool
	desc *prometheus.Desc
}

// RegisterParkedGauge registers move_projection_parked_events{projector} on reg.
func RegisterParkedGauge(reg prometheus.Registerer, db *pgxpool.Pool) {
	reg.MustRegister(&parkedGauge{db: db, desc: prometheus.NewDesc("move_projection_parked_events",
		"Events parked now per read model (waiting for a retry or an operator's skip; decision 1310).", []string{"projector"}, nil)})
}

func (g *parkedGauge) Describe(ch chan<- *prometheus.Desc) { ch <- g.desc }

func (g *parkedGauge) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	counts, err := ParkedCounts(ctx, g.db)
	if err != nil {
		ch <- prometheus.NewInvalidMetric(g.desc, err)
		return
	}
	for name, n := range counts {
		ch <- prometheus.MustNewConstMetric(g.desc, prometheus.GaugeValue, float64(n), name)
	}
}
