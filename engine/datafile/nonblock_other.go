//go:build !unix

package datafile

const nonBlock = 0
