package site

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"sync"
	"syscall"

	"github.com/patience-solitaire/patience/engine/srcpos"
)

// errorSink collects the problems of a build from concurrent workers.
type errorSink struct {
	mu   sync.Mutex
	list srcpos.ErrorList
	// Template execution errors are reported once per template position
	// and message, naming the pages that met them.
	exec map[srcpos.Error][]string
	// noRoom holds the writes that failed for want of room (a full disk,
	// a quota) or on a read-only file system: every write fails so, and
	// only the first, in order, is reported, as the root of the others.
	noRoom srcpos.ErrorList
}

// isNoRoom tells whether err is a write that failed for want of room or
// on a read-only file system.
func isNoRoom(err error) bool {
	return errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT) || errors.Is(err, syscall.EROFS)
}

// add records err: the errors of a srcpos.ErrorList or a *srcpos.Error
// keep their positions, any other error is placed at pos.
func (s *errorSink) add(pos srcpos.Pos, err error) {
	if err == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var list srcpos.ErrorList
	var one *srcpos.Error
	switch {
	case isNoRoom(err):
		s.noRoom.Add(pos, err.Error())
	case errors.As(err, &list):
		s.list = append(s.list, list...)
	case errors.As(err, &one):
		s.list = append(s.list, one)
	default:
		s.list.Add(pos, err.Error())
	}
}

// addf records a problem at pos.
func (s *errorSink) addf(pos srcpos.Pos, format string, args ...any) {
	s.add(pos, &srcpos.Error{Pos: pos, Msg: fmt.Sprintf(format, args...)})
}

// addExec records a template execution problem met while rendering page.
func (s *errorSink) addExec(e srcpos.Error, page string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.exec == nil {
		s.exec = map[srcpos.Error][]string{}
	}
	s.exec[e] = append(s.exec[e], page)
}

func (s *errorSink) empty() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.list) == 0 && len(s.exec) == 0 && len(s.noRoom) == 0
}

// err returns the problems, sorted and without duplicates, or nil.
func (s *errorSink) err() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	list := append(srcpos.ErrorList(nil), s.list...)
	for e, pages := range s.exec {
		sort.Strings(pages)
		msg := fmt.Sprintf("%s (rendering %s", e.Msg, pages[0])
		if n := len(pages) - 1; n == 1 {
			msg += " and 1 other page"
		} else if n > 1 {
			msg += fmt.Sprintf(" and %d other pages", n)
		}
		list.Add(e.Pos, msg+")")
	}
	if len(s.noRoom) > 0 {
		room := append(srcpos.ErrorList(nil), s.noRoom...)
		room.Sort()
		first := *room[0]
		switch n := len(room) - 1; {
		case n == 1:
			first.Msg += " (and 1 more file not written)"
		case n > 1:
			first.Msg += fmt.Sprintf(" (and %d more files not written)", n)
		}
		list = append(list, &first)
	}
	list.Sort()
	list = slices.CompactFunc(list, func(a, b *srcpos.Error) bool { return *a == *b })
	return list.Err()
}
