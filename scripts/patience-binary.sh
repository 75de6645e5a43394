# Sourced by the scripts that run patience many times: puts a patience
# binary at $bin/patience. PATIENCE names one built already (go build
# embeds content/, which a survey running beside the script may be
# writing); otherwise it is built from the working tree.
if [ -n "${PATIENCE:-}" ]; then
	cp "$PATIENCE" "$bin/patience"
else
	go build -o "$bin/patience" ./cmd/patience
fi
