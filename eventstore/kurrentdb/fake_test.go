package kurrentdb

import (
	"context"
	"errors"
	"io"
	"net"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/kurrent-io/KurrentDB-Client-Go/protos/kurrentdb/protocols/v1/shared"
	api "github.com/kurrent-io/KurrentDB-Client-Go/protos/kurrentdb/protocols/v1/streams"
	"google.golang.org/grpc"

	"move/eventstore"
	"move/eventstore/eventstoretest"
)

// fakeStreams is a tiny in-memory stand-in for the server's v1 Streams service: appends
// with expected versions, stream reads and $all reads (both inclusive of their start,
// as the server's are). It has no server-features service, so the client treats it as
// a server without multi-stream append. It checks the store's wiring through the real
// client (messages, error texts, positions), not KurrentDB's semantics: TestContract
// does that against a real server.
type fakeStreams struct {
	api.UnimplementedStreamsServer
	mu      sync.Mutex
	all     []*api.ReadResp_ReadEvent_RecordedEvent
	streams map[string][]*api.ReadResp_ReadEvent_RecordedEvent
}

func (f *fakeStreams) Append(srv grpc.ClientStreamingServer[api.AppendReq, api.AppendResp]) error {
	head, err := srv.Recv()
	if err != nil {
		return err
	}
	opts := head.GetOptions()
	stream := string(opts.GetStreamIdentifier().GetStreamName())
	var proposed []*api.AppendReq_ProposedMessage
	for {
		m, err := srv.Recv()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
		proposed = append(proposed, m.GetProposedMessage())
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	cur := len(f.streams[stream]) - 1
	ok := true
	switch o := opts.GetExpectedStreamRevision().(type) {
	case *api.AppendReq_Options_NoStream:
		ok = cur < 0
	case *api.AppendReq_Options_StreamExists:
		ok = cur >= 0
	case *api.AppendReq_Options_Revision:
		ok = cur >= 0 && uint64(cur) == o.Revision
	}
	if !ok {
		w := &api.AppendResp_WrongExpectedVersion{}
		if cur < 0 {
			w.CurrentRevisionOption = &api.AppendResp_WrongExpectedVersion_CurrentNoStream{CurrentNoStream: &shared.Empty{}}
		} else {
			w.CurrentRevisionOption = &api.AppendResp_WrongExpectedVersion_CurrentRevision{CurrentRevision: uint64(cur)}
		}
		w.ExpectedRevisionOption = &api.AppendResp_WrongExpectedVersion_ExpectedAny{ExpectedAny: &shared.Empty{}}
		return srv.SendAndClose(&api.AppendResp{Result: &api.AppendResp_WrongExpectedVersion_{WrongExpectedVersion: w}})
	}
	var last *api.ReadResp_ReadEvent_RecordedEvent
	for _, p := range proposed {
		pos := uint64(100 * (len(f.all) + 1))
		meta := map[string]string{"created": strconv.FormatInt(time.Now().UnixNano()/100, 10)}
		for k, v := range p.GetMetadata() {
			meta[k] = v
		}
		e := &api.ReadResp_ReadEvent_RecordedEvent{
			Id:               p.GetId(),
			StreamIdentifier: &shared.StreamIdentifier{StreamName: []byte(stream)},
			StreamRevision:   uint64(len(f.streams[stream])),
			PreparePosition:  pos,
			CommitPosition:   pos,
			Metadata:         meta,
			CustomMetadata:   p.GetCustomMetadata(),
			Data:             p.GetData(),
		}
		f.streams[stream] = append(f.streams[stream], e)
		f.all = append(f.all, e)
		last = e
	}
	// Like the server for several events: the position of the write, here the first's.
	first := f.all[len(f.all)-len(proposed)]
	return srv.SendAndClose(&api.AppendResp{Result: &api.AppendResp_Success_{Success: &api.AppendResp_Success{
		CurrentRevisionOption: &api.AppendResp_Success_CurrentRevision{CurrentRevision: last.StreamRevision},
		PositionOption: &api.AppendResp_Success_Position{Position: &api.AppendResp_Position{
			CommitPosition: first.CommitPosition, PreparePosition: first.PreparePosition}},
	}}})
}

func (f *fakeStreams) Read(req *api.ReadReq, srv grpc.ServerStreamingServer[api.ReadResp]) error {
	o := req.GetOptions()
	backwards := o.GetReadDirection() == api.ReadReq_Options_Backwards
	count := int(min(o.GetCount(), 1<<20))
	f.mu.Lock()
	var events []*api.ReadResp_ReadEvent_RecordedEvent
	if s := o.GetStream(); s != nil {
		name := string(s.GetStreamIdentifier().GetStreamName())
		stored, ok := f.streams[name]
		if !ok {
			f.mu.Unlock()
			return srv.Send(&api.ReadResp{Content: &api.ReadResp_StreamNotFound_{StreamNotFound: &api.ReadResp_StreamNotFound{
				StreamIdentifier: s.GetStreamIdentifier()}}})
		}
		from := 0
		switch {
		case s.GetEnd() != nil:
			from = len(stored) - 1
		case s.GetStart() != nil:
			from = 0
		default:
			from = int(min(s.GetRevision(), uint64(len(stored))))
		}
		events = pick(stored, from, backwards, count)
	} else {
		a := o.GetAll()
		from := 0
		switch {
		case a.GetEnd() != nil:
			from = len(f.all) - 1
		case a.GetStart() != nil:
			from = 0
		default:
			p := a.GetPosition().GetCommitPosition()
			from = len(f.all)
			for i, e := range f.all {
				if e.CommitPosition >= p {
					from = i
					break
				}
			}
		}
		events = pick(f.all, from, backwards, count)
	}
	f.mu.Unlock()
	for _, e := range events {
		if err := srv.Send(&api.ReadResp{Content: &api.ReadResp_Event{Event: &api.ReadResp_ReadEvent{Event: e}}}); err != nil {
			return err
		}
	}
	return nil
}

func pick(events []*api.ReadResp_ReadEvent_RecordedEvent, from int, backwards bool, count int) []*api.ReadResp_ReadEvent_RecordedEvent {
	var out []*api.ReadResp_ReadEvent_RecordedEvent
	for i := from; i >= 0 && i < len(events) && len(out) < count; {
		out = append(out, events[i])
		if backwards {
			i--
		} else {
			i++
		}
	}
	return out
}

func openFake(t *testing.T) *Store {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := grpc.NewServer()
	api.RegisterStreamsServer(srv, &fakeStreams{streams: map[string][]*api.ReadResp_ReadEvent_RecordedEvent{}})
	go func() { _ = srv.Serve(lis) }()
	t.Cleanup(srv.Stop)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	s, err := Open(ctx, "esdb://"+lis.Addr().String()+"?tls=false")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s
}

// The store's wiring through the real client, against the fake server.
func TestThroughTheClient(t *testing.T) {
	s := openFake(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()

	if head, err := s.Head(ctx); err != nil || head != eventstore.Start {
		t.Fatalf("empty log: head %v %v", head, err)
	}
	if _, err := s.ReadStream(ctx, "thing-1", eventstore.Forwards, 0, 10); !errors.Is(err, eventstore.ErrStreamNotFound) {
		t.Fatalf("missing stream: want ErrStreamNotFound, got %v", err)
	}
	_, err := s.Append(ctx, "thing-1", eventstore.Exact(0), eventstoretest.Event("t.v1", 0))
	var w *eventstore.WrongExpectedVersionError
	if !errors.As(err, &w) || w.Actual != nil || w.Stream != "thing-1" {
		t.Fatalf("exact on a missing stream: got %v", err)
	}

	a, b := eventstoretest.Event("t.v1", 0), eventstoretest.Event("t.v1", 1)
	a.Metadata.CommandID = "cmd-1"
	r, err := s.Append(ctx, "thing-1", eventstore.NoStream, a, b)
	if err != nil {
		t.Fatal(err)
	}
	if r.NextVersion != 1 || r.Position != (eventstore.Position{Commit: 200, Prepare: 200}) {
		t.Fatalf("two events: want version 1 at the second's position 200/200, got %+v", r)
	}
	_, err = s.Append(ctx, "thing-1", eventstore.NoStream, eventstoretest.Event("t.v1", 2))
	if !errors.As(err, &w) || w.Actual == nil || *w.Actual != 1 || !w.Expected.IsNoStream() {
		t.Fatalf("no stream on a stream at 1: got %v", err)
	}
	if _, err := s.Append(ctx, "other-1", eventstore.Any, eventstoretest.Event("t.v1", 3)); err != nil {
		t.Fatal(err)
	}

	got, err := s.ReadStream(ctx, "thing-1", eventstore.Backwards, ^uint64(0), 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].ID != b.ID || got[1].ID != a.ID || got[1].Metadata != a.Metadata ||
		got[1].Type != "t.v1" || string(got[1].Data) != `{"n":0}` || got[1].RecordedAt.Location() != time.UTC {
		t.Fatalf("read back: %+v", got)
	}

	all, err := s.ReadAll(ctx, eventstore.Start, 10)
	if err != nil || len(all) != 3 {
		t.Fatalf("all from start: %v %v", len(all), err)
	}
	after, err := s.ReadAll(ctx, all[0].Position, 10)
	if err != nil || len(after) != 2 || after[0].ID != b.ID {
		t.Fatalf("after the first event it is not delivered again: %+v %v", after, err)
	}
	if page, err := s.ReadAll(ctx, all[0].Position, 1); err != nil || len(page) != 1 || page[0].ID != b.ID {
		t.Fatalf("limit 1 after the first: %+v %v", page, err)
	}
	if head, err := s.Head(ctx); err != nil || head != all[2].Position {
		t.Fatalf("head %v, want %v (%v)", head, all[2].Position, err)
	}

	_, err = s.AppendMulti(ctx,
		eventstore.StreamAppend{Stream: "entity-1", Expected: eventstore.NoStream, Events: []eventstore.EventData{eventstoretest.Event("t.v1", 0)}},
		eventstore.StreamAppend{Stream: "reservation-1", Expected: eventstore.NoStream, Events: []eventstore.EventData{eventstoretest.Event("t.v1", 0)}},
	)
	if !errors.Is(err, ErrMultiStreamAppendUnsupported) {
		t.Fatalf("a server without multi-stream append: got %v", err)
	}
	if _, err := s.ReadStream(ctx, "entity-1", eventstore.Forwards, 0, 1); !errors.Is(err, eventstore.ErrStreamNotFound) {
		t.Fatalf("nothing written: %v", err)
	}
}
