#!/usr/bin/env bash
main() {
  sleep 2
  echo main-done
}
main "$@"
exit $?
